function main (asm, 220 bytes)
    00000  jmp 000000000000002Ch
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
    0002b  ret
; external entry (from the interpreter)
    0002c  push rbp
    0002d  mov rbp,rsp
    00030  push rbx
    00031  push r12
    00033  push r13
    00035  push r14
    00037  push r15
    00039  mov r15,ADDR
    00043  mov [r15+30h],rdi
    0004a  push qword ptr [r15+28h]
    00051  mov r14,8
    0005b  mov r13,[r15+10h]
    00062  sub r13,[r15]
    00069  lea rax,[0B5h]
    00070  push rax
    00071  mov [r15+28h],rsp
    00078  sub rsp,8
    0007c  mov rdx,rsi
    0007f  sub rsp,10h
    00086  mov rsi,[rdx]
    0008d  mov rdi,[rdx+8]
    00094  call 8
    00099  xor edx,edx
    0009b  lea rsp,[rbp-30h]
    000a2  pop rcx
    000a3  mov [r15+28h],rcx
    000aa  pop r15
    000ac  pop r14
    000ae  pop r13
    000b0  pop r12
    000b2  pop rbx
    000b3  pop rbp
    000b4  ret
    000b5  lea rbp,[rsp+30h]
    000bd  mov edx,1
    000c2  lea rsp,[rbp-30h]
    000c9  pop rcx
    000ca  mov [r15+28h],rcx
    000d1  pop r15
    000d3  pop r14
    000d5  pop r13
    000d7  pop r12
    000d9  pop rbx
    000da  pop rbp
    000db  ret

