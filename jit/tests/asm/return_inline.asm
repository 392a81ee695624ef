function main (asm, 197 bytes)
    00000  jmp 0000000000000023h
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,0
; line 4: ret
    00013  mov eax,7
    00019  mov rsp,rbp
    0001c  pop rbp
    0001d  ret
; unwind to the entry from the interpreter
    0001e  mov rsp,[r15+28h]
    00022  ret
; external entry (from the interpreter)
    00023  push rbp
    00024  mov rbp,rsp
    00027  push rbx
    00028  push r12
    0002a  push r13
    0002c  push r14
    0002e  push r15
    00030  mov r15,ADDR
    0003a  mov [r15+30h],rdi
    00041  push qword ptr [r15+28h]
    00048  mov r14,8
    00052  mov r13,[r15+10h]
    00059  sub r13,[r15]
    00060  lea rax,[9Eh]
    00067  push rax
    00068  mov [r15+28h],rsp
    0006f  sub rsp,8
    00073  mov rdx,rsi
    00076  sub rsp,0
    0007d  call 8
    00082  xor edx,edx
    00084  lea rsp,[rbp-30h]
    0008b  pop rcx
    0008c  mov [r15+28h],rcx
    00093  pop r15
    00095  pop r14
    00097  pop r13
    00099  pop r12
    0009b  pop rbx
    0009c  pop rbp
    0009d  ret
    0009e  lea rbp,[rsp+30h]
    000a6  mov edx,1
    000ab  lea rsp,[rbp-30h]
    000b2  pop rcx
    000b3  mov [r15+28h],rcx
    000ba  pop r15
    000bc  pop r14
    000be  pop r13
    000c0  pop r12
    000c2  pop rbx
    000c3  pop rbp
    000c4  ret

