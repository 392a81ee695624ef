function times_8 (asm, 208 bytes)
    00000  jmp 0000000000000027h
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,0
; line 5: mul
    00013  shl rsi,3
; line 6: ret
    00017  mov rax,rsi
    0001a  mov rsp,rbp
    0001d  pop rbp
    0001e  ret
; unwind to the entry from the interpreter
    0001f  mov rsp,[r15+28h]
    00026  ret
; external entry (from the interpreter)
    00027  push rbp
    00028  mov rbp,rsp
    0002b  push rbx
    0002c  push r12
    0002e  push r13
    00030  push r14
    00032  push r15
    00034  mov r15,ADDR
    0003e  mov [r15+30h],rdi
    00045  push qword ptr [r15+28h]
    0004c  mov r14,8
    00056  mov r13,[r15+10h]
    0005d  sub r13,[r15]
    00064  lea rax,[0A9h]
    0006b  push rax
    0006c  mov [r15+28h],rsp
    00073  sub rsp,8
    00077  mov rdx,rsi
    0007a  sub rsp,10h
    00081  mov rsi,[rdx]
    00088  call 8
    0008d  xor edx,edx
    0008f  lea rsp,[rbp-30h]
    00096  pop rcx
    00097  mov [r15+28h],rcx
    0009e  pop r15
    000a0  pop r14
    000a2  pop r13
    000a4  pop r12
    000a6  pop rbx
    000a7  pop rbp
    000a8  ret
    000a9  lea rbp,[rsp+30h]
    000b1  mov edx,1
    000b6  lea rsp,[rbp-30h]
    000bd  pop rcx
    000be  mov [r15+28h],rcx
    000c5  pop r15
    000c7  pop r14
    000c9  pop r13
    000cb  pop r12
    000cd  pop rbx
    000ce  pop rbp
    000cf  ret

function times_3 (asm, 209 bytes)
    00000  jmp 0000000000000028h
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,0
; line 9: mul
    00013  lea rsi,[rsi+rsi*2]
; line 10: ret
    00018  mov rax,rsi
    0001b  mov rsp,rbp
    0001e  pop rbp
    0001f  ret
; unwind to the entry from the interpreter
    00020  mov rsp,[r15+28h]
    00027  ret
; external entry (from the interpreter)
    00028  push rbp
    00029  mov rbp,rsp
    0002c  push rbx
    0002d  push r12
    0002f  push r13
    00031  push r14
    00033  push r15
    00035  mov r15,ADDR
    0003f  mov [r15+30h],rdi
    00046  push qword ptr [r15+28h]
    0004d  mov r14,8
    00057  mov r13,[r15+10h]
    0005e  sub r13,[r15]
    00065  lea rax,[0AAh]
    0006c  push rax
    0006d  mov [r15+28h],rsp
    00074  sub rsp,8
    00078  mov rdx,rsi
    0007b  sub rsp,10h
    00082  mov rsi,[rdx]
    00089  call 8
    0008e  xor edx,edx
    00090  lea rsp,[rbp-30h]
    00097  pop rcx
    00098  mov [r15+28h],rcx
    0009f  pop r15
    000a1  pop r14
    000a3  pop r13
    000a5  pop r12
    000a7  pop rbx
    000a8  pop rbp
    000a9  ret
    000aa  lea rbp,[rsp+30h]
    000b2  mov edx,1
    000b7  lea rsp,[rbp-30h]
    000be  pop rcx
    000bf  mov [r15+28h],rcx
    000c6  pop r15
    000c8  pop r14
    000ca  pop r13
    000cc  pop r12
    000ce  pop rbx
    000cf  pop rbp
    000d0  ret

function times_5 (asm, 209 bytes)
    00000  jmp 0000000000000028h
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,0
; line 13: mul
    00013  lea rsi,[rsi+rsi*4]
; line 14: ret
    00018  mov rax,rsi
    0001b  mov rsp,rbp
    0001e  pop rbp
    0001f  ret
; unwind to the entry from the interpreter
    00020  mov rsp,[r15+28h]
    00027  ret
; external entry (from the interpreter)
    00028  push rbp
    00029  mov rbp,rsp
    0002c  push rbx
    0002d  push r12
    0002f  push r13
    00031  push r14
    00033  push r15
    00035  mov r15,ADDR
    0003f  mov [r15+30h],rdi
    00046  push qword ptr [r15+28h]
    0004d  mov r14,8
    00057  mov r13,[r15+10h]
    0005e  sub r13,[r15]
    00065  lea rax,[0AAh]
    0006c  push rax
    0006d  mov [r15+28h],rsp
    00074  sub rsp,8
    00078  mov rdx,rsi
    0007b  sub rsp,10h
    00082  mov rsi,[rdx]
    00089  call 8
    0008e  xor edx,edx
    00090  lea rsp,[rbp-30h]
    00097  pop rcx
    00098  mov [r15+28h],rcx
    0009f  pop r15
    000a1  pop r14
    000a3  pop r13
    000a5  pop r12
    000a7  pop rbx
    000a8  pop rbp
    000a9  ret
    000aa  lea rbp,[rsp+30h]
    000b2  mov edx,1
    000b7  lea rsp,[rbp-30h]
    000be  pop rcx
    000bf  mov [r15+28h],rcx
    000c6  pop r15
    000c8  pop r14
    000ca  pop r13
    000cc  pop r12
    000ce  pop rbx
    000cf  pop rbp
    000d0  ret

function times_9 (asm, 209 bytes)
    00000  jmp 0000000000000028h
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,0
; line 17: mul
    00013  lea rsi,[rsi+rsi*8]
; line 18: ret
    00018  mov rax,rsi
    0001b  mov rsp,rbp
    0001e  pop rbp
    0001f  ret
; unwind to the entry from the interpreter
    00020  mov rsp,[r15+28h]
    00027  ret
; external entry (from the interpreter)
    00028  push rbp
    00029  mov rbp,rsp
    0002c  push rbx
    0002d  push r12
    0002f  push r13
    00031  push r14
    00033  push r15
    00035  mov r15,ADDR
    0003f  mov [r15+30h],rdi
    00046  push qword ptr [r15+28h]
    0004d  mov r14,8
    00057  mov r13,[r15+10h]
    0005e  sub r13,[r15]
    00065  lea rax,[0AAh]
    0006c  push rax
    0006d  mov [r15+28h],rsp
    00074  sub rsp,8
    00078  mov rdx,rsi
    0007b  sub rsp,10h
    00082  mov rsi,[rdx]
    00089  call 8
    0008e  xor edx,edx
    00090  lea rsp,[rbp-30h]
    00097  pop rcx
    00098  mov [r15+28h],rcx
    0009f  pop r15
    000a1  pop r14
    000a3  pop r13
    000a5  pop r12
    000a7  pop rbx
    000a8  pop rbp
    000a9  ret
    000aa  lea rbp,[rsp+30h]
    000b2  mov edx,1
    000b7  lea rsp,[rbp-30h]
    000be  pop rcx
    000bf  mov [r15+28h],rcx
    000c6  pop r15
    000c8  pop r14
    000ca  pop r13
    000cc  pop r12
    000ce  pop rbx
    000cf  pop rbp
    000d0  ret

function times_minus_1 (asm, 207 bytes)
    00000  jmp 0000000000000026h
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,0
; line 21: mul
    00013  neg rsi
; line 22: ret
    00016  mov rax,rsi
    00019  mov rsp,rbp
    0001c  pop rbp
    0001d  ret
; unwind to the entry from the interpreter
    0001e  mov rsp,[r15+28h]
    00025  ret
; external entry (from the interpreter)
    00026  push rbp
    00027  mov rbp,rsp
    0002a  push rbx
    0002b  push r12
    0002d  push r13
    0002f  push r14
    00031  push r15
    00033  mov r15,ADDR
    0003d  mov [r15+30h],rdi
    00044  push qword ptr [r15+28h]
    0004b  mov r14,8
    00055  mov r13,[r15+10h]
    0005c  sub r13,[r15]
    00063  lea rax,[0A8h]
    0006a  push rax
    0006b  mov [r15+28h],rsp
    00072  sub rsp,8
    00076  mov rdx,rsi
    00079  sub rsp,10h
    00080  mov rsi,[rdx]
    00087  call 8
    0008c  xor edx,edx
    0008e  lea rsp,[rbp-30h]
    00095  pop rcx
    00096  mov [r15+28h],rcx
    0009d  pop r15
    0009f  pop r14
    000a1  pop r13
    000a3  pop r12
    000a5  pop rbx
    000a6  pop rbp
    000a7  ret
    000a8  lea rbp,[rsp+30h]
    000b0  mov edx,1
    000b5  lea rsp,[rbp-30h]
    000bc  pop rcx
    000bd  mov [r15+28h],rcx
    000c4  pop r15
    000c6  pop r14
    000c8  pop r13
    000ca  pop r12
    000cc  pop rbx
    000cd  pop rbp
    000ce  ret

function times_7 (asm, 211 bytes)
    00000  jmp 000000000000002Ah
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,0
; line 25: mul
    00013  imul rsi,7
; line 26: ret
    0001a  mov rax,rsi
    0001d  mov rsp,rbp
    00020  pop rbp
    00021  ret
; unwind to the entry from the interpreter
    00022  mov rsp,[r15+28h]
    00029  ret
; external entry (from the interpreter)
    0002a  push rbp
    0002b  mov rbp,rsp
    0002e  push rbx
    0002f  push r12
    00031  push r13
    00033  push r14
    00035  push r15
    00037  mov r15,ADDR
    00041  mov [r15+30h],rdi
    00048  push qword ptr [r15+28h]
    0004f  mov r14,8
    00059  mov r13,[r15+10h]
    00060  sub r13,[r15]
    00067  lea rax,[0ACh]
    0006e  push rax
    0006f  mov [r15+28h],rsp
    00076  sub rsp,8
    0007a  mov rdx,rsi
    0007d  sub rsp,10h
    00084  mov rsi,[rdx]
    0008b  call 8
    00090  xor edx,edx
    00092  lea rsp,[rbp-30h]
    00099  pop rcx
    0009a  mov [r15+28h],rcx
    000a1  pop r15
    000a3  pop r14
    000a5  pop r13
    000a7  pop r12
    000a9  pop rbx
    000aa  pop rbp
    000ab  ret
    000ac  lea rbp,[rsp+30h]
    000b4  mov edx,1
    000b9  lea rsp,[rbp-30h]
    000c0  pop rcx
    000c1  mov [r15+28h],rcx
    000c8  pop r15
    000ca  pop r14
    000cc  pop r13
    000ce  pop r12
    000d0  pop rbx
    000d1  pop rbp
    000d2  ret

