function main (asm, 223 bytes)
    00000  jmp 000000000000002Fh
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,0
; line 4: lt
    00013  cmp rsi,rdi
    00016  setl al
    00019  movzx eax,al
    0001c  mov rsi,rax
; line 5: ret
    0001f  mov rax,rsi
    00022  mov rsp,rbp
    00025  pop rbp
    00026  ret
; unwind to the entry from the interpreter
    00027  mov rsp,[r15+28h]
    0002e  ret
; external entry (from the interpreter)
    0002f  push rbp
    00030  mov rbp,rsp
    00033  push rbx
    00034  push r12
    00036  push r13
    00038  push r14
    0003a  push r15
    0003c  mov r15,ADDR
    00046  mov [r15+30h],rdi
    0004d  push qword ptr [r15+28h]
    00054  mov r14,8
    0005e  mov r13,[r15+10h]
    00065  sub r13,[r15]
    0006c  lea rax,[0B8h]
    00073  push rax
    00074  mov [r15+28h],rsp
    0007b  sub rsp,8
    0007f  mov rdx,rsi
    00082  sub rsp,10h
    00089  mov rsi,[rdx]
    00090  mov rdi,[rdx+8]
    00097  call 8
    0009c  xor edx,edx
    0009e  lea rsp,[rbp-30h]
    000a5  pop rcx
    000a6  mov [r15+28h],rcx
    000ad  pop r15
    000af  pop r14
    000b1  pop r13
    000b3  pop r12
    000b5  pop rbx
    000b6  pop rbp
    000b7  ret
    000b8  lea rbp,[rsp+30h]
    000c0  mov edx,1
    000c5  lea rsp,[rbp-30h]
    000cc  pop rcx
    000cd  mov [r15+28h],rcx
    000d4  pop r15
    000d6  pop r14
    000d8  pop r13
    000da  pop r12
    000dc  pop rbx
    000dd  pop rbp
    000de  ret

