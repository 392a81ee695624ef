function main (asm, 219 bytes)
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
    0003c  mov r12,rdi
    0003f  mov r15,ADDR
    00049  push qword ptr [r15+28h]
    00050  mov r14,8
    0005a  mov r13,[r15+10h]
    00061  sub r13,[r15]
    00068  lea rax,[0B4h]
    0006f  push rax
    00070  mov [r15+28h],rsp
    00077  sub rsp,8
    0007b  mov rdx,rsi
    0007e  sub rsp,10h
    00085  mov rsi,[rdx]
    0008c  mov rdi,[rdx+8]
    00093  call 8
    00098  xor edx,edx
    0009a  lea rsp,[rbp-30h]
    000a1  pop rcx
    000a2  mov [r15+28h],rcx
    000a9  pop r15
    000ab  pop r14
    000ad  pop r13
    000af  pop r12
    000b1  pop rbx
    000b2  pop rbp
    000b3  ret
    000b4  lea rbp,[rsp+30h]
    000bc  mov edx,1
    000c1  lea rsp,[rbp-30h]
    000c8  pop rcx
    000c9  mov [r15+28h],rcx
    000d0  pop r15
    000d2  pop r14
    000d4  pop r13
    000d6  pop r12
    000d8  pop rbx
    000d9  pop rbp
    000da  ret

