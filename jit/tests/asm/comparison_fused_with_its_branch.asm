function main (asm, 230 bytes)
    00000  jmp 000000000000003Ah
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,0
; line 4: lt
    00013  cmp rsi,rdi
    00016  jl 0000000000000027h
; line 6: ret
    0001c  mov eax,0
    00022  mov rsp,rbp
    00025  pop rbp
    00026  ret
; line 8: ret
    00027  mov eax,1
    0002d  mov rsp,rbp
    00030  pop rbp
    00031  ret
; unwind to the entry from the interpreter
    00032  mov rsp,[r15+28h]
    00039  ret
; external entry (from the interpreter)
    0003a  push rbp
    0003b  mov rbp,rsp
    0003e  push rbx
    0003f  push r12
    00041  push r13
    00043  push r14
    00045  push r15
    00047  mov r12,rdi
    0004a  mov r15,ADDR
    00054  push qword ptr [r15+28h]
    0005b  mov r14,8
    00065  mov r13,[r15+10h]
    0006c  sub r13,[r15]
    00073  lea rax,[0BFh]
    0007a  push rax
    0007b  mov [r15+28h],rsp
    00082  sub rsp,8
    00086  mov rdx,rsi
    00089  sub rsp,10h
    00090  mov rsi,[rdx]
    00097  mov rdi,[rdx+8]
    0009e  call 8
    000a3  xor edx,edx
    000a5  lea rsp,[rbp-30h]
    000ac  pop rcx
    000ad  mov [r15+28h],rcx
    000b4  pop r15
    000b6  pop r14
    000b8  pop r13
    000ba  pop r12
    000bc  pop rbx
    000bd  pop rbp
    000be  ret
    000bf  lea rbp,[rsp+30h]
    000c7  mov edx,1
    000cc  lea rsp,[rbp-30h]
    000d3  pop rcx
    000d4  mov [r15+28h],rcx
    000db  pop r15
    000dd  pop r14
    000df  pop r13
    000e1  pop r12
    000e3  pop rbx
    000e4  pop rbp
    000e5  ret

